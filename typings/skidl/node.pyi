from collections.abc import Callable

get_skidl_trace: Callable[[], list[tuple[str, str]]]
