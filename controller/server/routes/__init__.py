"""The routes of the web app, one module per concern; each offers ``routes(service)``."""
