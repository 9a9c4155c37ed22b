import logging

class _FileHandler(logging.FileHandler):
    filename: str | None

class SkidlLogger(logging.Logger):
    log_file_handlers: list[_FileHandler]

rt_logger: SkidlLogger
erc_logger: SkidlLogger
