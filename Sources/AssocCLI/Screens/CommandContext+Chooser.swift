import Associations
import TerminalUI

extension CommandContext {
    /// An application's localised name in this command's locale, or its ID.
    func applicationName(_ id: String) -> String {
        ChooserOffer.name(id, resolver: resolver, locale: environment.locale)
    }

    /// The applications the chooser offers for `type`, from this command's resolver.
    func chooserOffer(for type: String) -> (offered: [ChooserApplication], everything: [ChooserApplication]) {
        ChooserOffer.applications(for: type, resolver: resolver, locale: environment.locale)
    }

    /// The applications the chooser offers for `type` in each role, for the file at `path` if any.
    func chooserOffers(for type: String, path: String?) -> [Role: [ChooserApplication]] {
        var offers: [Role: [ChooserApplication]] = [:]
        for role in Role.allCases {
            offers[role] = ChooserOffer.applications(
                for: type, role: role, path: path, resolver: resolver, locale: environment.locale)
        }
        return offers
    }
}
