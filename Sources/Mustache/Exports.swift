// Template errors, missing variables and output origins carry a
// `SourceLocation`, so every client of Mustache needs the type; re-exporting
// its module keeps `import Mustache` enough.
@_exported import SourcePosition
