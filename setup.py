"""Map the repository's top-level folders onto the ``questforge`` namespace.

The repository shows the architecture (``engine/``, ``validator/``, ...) while the installed
distribution only ever has ``questforge.*`` modules. Sub-packages are discovered here so
that a plain ``pip install .`` ships every module and every data file.
"""

import os

from setuptools import find_packages, setup

FOLDERS = {
    "questforge": "questforge",
    "questforge.engine": "engine",
    "questforge.validator": "validator",
    "questforge.editor": "editor",
    "questforge.schema": "schema",
    "questforge.content": "content",
}

packages: list[str] = []
package_dir: dict[str, str] = {}
for name, folder in FOLDERS.items():
    package_dir[name] = folder
    packages.append(name)
    packages.extend(f"{name}.{sub}" for sub in find_packages(folder))

setup(
    packages=packages,
    package_dir=package_dir,
    package_data={
        "questforge.schema": ["**/*.json"],
        "questforge.content": ["**/*.json", "**/*.md"],
        "questforge.editor": ["**/*.svg", "**/*.png", "**/*.qss"],
    },
    include_package_data=True,
    # the ``questforge`` command: a plain script on POSIX (scripts/questforge says why),
    # the generated entry point (an .exe launcher) on Windows
    scripts=[] if os.name == "nt" else ["scripts/questforge"],
    entry_points=(
        {"console_scripts": ["questforge = questforge.launch:main"]} if os.name == "nt" else {}
    ),
)
