// The whole-object baseline lands with its issue.
