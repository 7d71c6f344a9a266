"""setuptools' part of the build: the mypyc extensions when ``build_backend/cardrules_build.py`` compiles.

The metadata are in pyproject.toml.  The backend (on the path while it builds) runs this file.
"""

from cardrules_build import extensions
from setuptools import setup  # type: ignore[import-untyped,unused-ignore]

setup(ext_modules=extensions())
