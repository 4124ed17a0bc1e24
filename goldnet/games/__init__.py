"""The two games goldnet plays, one subpackage each."""
