public enum HolderKitPlaceholder {}
