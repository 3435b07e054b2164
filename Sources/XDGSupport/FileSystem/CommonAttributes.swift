extension ExtendedAttributes {
    /// `user.xdg.origin.url`: where a downloaded file came from (freedesktop
    /// CommonExtendedAttributes); its presence marks the file as a download.
    public static let originURL = "user.xdg.origin.url"
}
