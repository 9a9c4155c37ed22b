# The part of magpylib the mechanics use (mechanics/reach.py): its methods carry no annotations.
from magpylib import magnet as magnet
