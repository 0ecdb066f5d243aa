/// Herald's version, for `User-Agent` and `--version`.
public enum HeraldVersion {
    public static let string = "0.2.0"
}
