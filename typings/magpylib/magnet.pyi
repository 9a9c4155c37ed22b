# magpylib's permanent magnets, as far as mechanics/reach.py uses them.
import numpy as np
from numpy.typing import ArrayLike, NDArray

class Cylinder:
    def __init__(
        self,
        *,
        polarization: ArrayLike = ...,
        dimension: ArrayLike = ...,
        position: ArrayLike = ...,
    ) -> None: ...
    def rotate_from_rotvec(
        self, rotvec: ArrayLike, *, anchor: ArrayLike | None = ..., degrees: bool = ...
    ) -> Cylinder: ...
    def getB(self, observers: ArrayLike) -> NDArray[np.float64]: ...
