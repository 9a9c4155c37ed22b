"""The board speaks: lines made from the controller's events, said by an offline speech engine.

``phrases`` holds every phrase by message id; ``lines`` makes the lines of each event in the
board's own words; ``speech_queue`` says them on a thread of its own; ``engines`` are espeak-ng
and Piper; ``voice`` ties them to the service. See docs/VOICE.md.
"""
