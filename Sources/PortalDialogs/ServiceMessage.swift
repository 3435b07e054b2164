/// A line the service writes to an open dialog.
public enum ServiceMessage: Sendable, Equatable {
    /// `{"update_choices":[…]}`: `AppChooser.UpdateChoices`; the chooser offers these desktop IDs
    /// (without `.desktop`) instead, keeping the highlighted one when it is still there.
    case updateChoices([String])
    /// `{"close":true}`: `Request.Close`; the dialog exits at once without answering.
    case close
}
