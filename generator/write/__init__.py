"""Write: the finished corpus → Markdown pages in site_src/ → site/ with MkDocs."""
