import SpriteCore

/// `--filter area|nearest|lanczos3`: parsed from and listed by the cases' raw values.
extension Thumbnail.Filter: ArgumentValue {}
