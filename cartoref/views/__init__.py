"""The presentation layer: ``json`` (every --json shape), ``words`` (the sentences the table
reads) and ``terminal`` (drawing with rich). Views read rules values and table results; they
change nothing and read no files."""
