/// Valid shared-mime-info packages crafted to make a reader work without bound.
public enum HostileMIMEPackages {
    /// One type whose magic looks for `FAR` anywhere in the first 2 GiB of a file
    /// (`offset="0:2147483000"`, which reaches 2,147,483,003 bytes); its `<magic>` is on line 4.
    public static let hugeMagicRange = """
        <?xml version="1.0"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-far">
            <magic><match type="string" value="FAR" offset="0:2147483000"/></magic>
          </mime-type>
        </mime-info>
        """
}
