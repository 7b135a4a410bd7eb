"""Read: the data folder's files → raw records (one reader per format), validated; the vocabulary file."""
