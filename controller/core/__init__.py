"""The board and the game kept in step: controller, game session, reconcile, settle, LEDs,
journal."""
