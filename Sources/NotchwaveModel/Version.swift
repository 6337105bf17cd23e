/// The version of notchwave: printed by `--version`, and part of the hash that decides
/// whether a batch output is up to date (a new renderer may draw different frames).
public enum NotchwaveVersion {
    public static let current = "0.1.0"
}
