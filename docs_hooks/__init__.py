"""The docs site's build: what MkDocs runs to make the site's generated parts.

``site_hooks`` is the file ``mkdocs.yml`` names; every other module does one job for it:

* the build's events: ``state`` (the build's language and what its events hand on),
  ``configure`` (``on_config``), ``generated_files`` (``on_files``), ``markers``
  (``on_page_markdown``: generated content and picture macros), ``page_context``
  (edit links, dates, the footer's note), ``page_output`` (every page as written),
  ``lesson_pages`` (a lesson's page), ``post_build`` (``on_post_build``);
* what they make: ``content`` (the tables, texts, quizzes and viewer data, from the
  engine), ``api_reference`` (the API pages and their index), ``progress_page`` (the
  progress page's box), ``lessons`` (the lessons, executed), ``search`` (one search
  index per language), ``fonts`` (the Thai webfont), ``not_found`` (the 404 page),
  ``lite`` (the live copy of the lessons: JupyterLite on Pyodide);
* ``griffe_roles``: the API reference's docstrings read as Markdown (a Griffe
  extension ``mkdocs.yml`` names by path).
"""
