import logging

erc_logger: logging.Logger

def stop_log_file_output(stop: bool = True) -> None: ...
