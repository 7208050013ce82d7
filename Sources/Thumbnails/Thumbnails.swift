import CThumbnails

/// Renditions: decode, resample, orient and encode images (issue 5; placeholder).
public enum Thumbnails {}
