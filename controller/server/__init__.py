"""The running service: its event loop, the HTTP API, the WebSocket events and the web page."""
