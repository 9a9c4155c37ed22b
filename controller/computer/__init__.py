"""The computer player: plays the computer's seats and gives hints (``player``), asking a search
process (``thinker``, ``think_worker``) what to do; it meets the board controller only through
``controller.core.board_controller.Companion``."""
