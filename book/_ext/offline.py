"""A page of the book loads nothing it does not use.

Jupyter Book 1 adds sphinx-thebe's scripts to every page (its configuration
block twice, which the browser reports as an error); the book has no live-code
launch button, so both are dropped from every page.
"""


def _drop_thebe(app, pagename, templatename, context, doctree):
    files = context.get("script_files")
    if not files:
        return

    def thebe(js) -> bool:
        name = str(getattr(js, "filename", "") or js)
        body = str(getattr(js, "attributes", {}).get("body", ""))
        return "thebe" in name or "THEBE_JS_URL" in body

    context["script_files"] = [js for js in files if not thebe(js)]


def setup(app):
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
