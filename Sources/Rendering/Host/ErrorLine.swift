/// The marker type of error lines in the tree.
enum ErrorLine {}
