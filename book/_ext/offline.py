"""A page of the book loads nothing it does not use, and asks for nothing a
page opened from disk cannot have.

Jupyter Book 1 adds sphinx-thebe's scripts to every page (its configuration
block twice, which the browser reports as an error); the book has no live-code
launch button, so both are dropped from every page.

Sphinx's search page fetches every page it lists to quote a summary under its
title. Opened from disk (``file:``) the browser refuses each fetch (a CORS
error per result, forty and more for a common word), so there the search page
lists titles only; served over HTTP it quotes summaries as usual.
"""

#: Run on the search page before any search: no summary fetches from disk.
QUIET_SEARCH = ("if (location.protocol === 'file:' && typeof DOCUMENTATION_OPTIONS !== 'undefined')"
                " { DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false; }")


def _script_name(js) -> str:
    return str(getattr(js, "filename", "") or js)


def _script_body(js) -> str:
    return str(getattr(js, "attributes", {}).get("body", ""))


def _trim_scripts(app, pagename, templatename, context, doctree):
    """Drop thebe from every page, and the search page's offline switch from
    every page but the search page."""
    files = context.get("script_files")
    if not files:
        return

    def unwanted(js) -> bool:
        name, body = _script_name(js), _script_body(js)
        if "thebe" in name or "THEBE_JS_URL" in body:
            return True
        return body == QUIET_SEARCH and pagename != "search"

    context["script_files"] = [js for js in files if not unwanted(js)]


def setup(app):
    # After documentation_options.js (priority 200), before the search runs.
    app.add_js_file(None, body=QUIET_SEARCH, priority=210)
    app.connect("html-page-context", _trim_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
