// Ids and object kinds are values of git's formats (`GitFormats`), which every user of this
// wrapper speaks in: they come with it.
@_exported import GitFormats
