"""File name to language: GitHub linguist's names, decided from the name alone."""

from __future__ import annotations

import subprocess
import sys

import computer_languages
import pytest
from pygments.lexers._mapping import LEXERS

from summarizer import languages
from summarizer.languages import language_of


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("src/model.py", "Python"), ("stubs/model.pyi", "Python"), ("fast/kernels.pyx", "Cython"),
        ("lib/io.c", "C"), ("lib/io.h", "C"), ("core/tensor.cc", "C++"), ("core/tensor.cpp", "C++"),
        ("core/tensor.hpp", "C++"), ("cuda/gemm.cu", "Cuda"), ("cuda/gemm.cuh", "Cuda"),
        ("mps/shaders.metal", "Metal"), ("mps/Stream.mm", "Objective-C++"), ("ios/App.m", "Objective-C"),
        ("src/main.rs", "Rust"), ("cmd/serve.go", "Go"), ("src/Main.java", "Java"), ("app/Main.kt", "Kotlin"),
        ("src/Job.scala", "Scala"), ("web/app.js", "JavaScript"), ("web/app.mjs", "JavaScript"),
        ("web/app.ts", "TypeScript"), ("web/View.tsx", "TSX"), ("web/View.jsx", "JavaScript"),
        ("app/user.rb", "Ruby"), ("site/index.php", "PHP"), ("ios/View.swift", "Swift"),
        ("scripts/run.sh", "Shell"), ("scripts/run.bash", "Shell"), ("scripts/run.zsh", "Shell"),
        ("ci/build.ps1", "PowerShell"), ("nvim/init.lua", "Lua"), ("stats/fit.r", "R"), ("sim/solve.jl", "Julia"),
        ("parser/record.cob", "COBOL"), ("solver/grid.f90", "Fortran Free Form"), ("src/Lib.hs", "Haskell"),
        ("bin/main.ml", "OCaml"), ("lib/app.ex", "Elixir"), ("src/app.erl", "Erlang"), ("src/core.clj", "Clojure"),
        ("lib/main.dart", "Dart"), ("src/main.zig", "Zig"), ("web/index.html", "HTML"), ("web/site.css", "CSS"),
        ("web/site.scss", "SCSS"), ("web/App.vue", "Vue"), ("web/App.svelte", "Svelte"),
        ("cmake/deps.cmake", "CMake"), ("CMakeLists.txt", "CMake"), ("Makefile", "Makefile"),
        ("docker/Dockerfile", "Dockerfile"), ("tools/BUILD", "Starlark"), ("tools/defs.bzl", "Starlark"),
        ("notebooks/demo.ipynb", "Jupyter Notebook"), ("ir/ops.mlir", "MLIR"), ("ir/kernel.ll", "LLVM"),
        ("boot/start.s", "Assembly"), ("boot/start.asm", "Assembly"), ("paper/main.tex", "TeX"),
        ("scripts/report.pl", "Perl"), ("rtl/alu.v", "Verilog"),
    ],
)  # fmt: skip
def test_common_files_take_githubs_names(path: str, language: str) -> None:
    assert language_of(path) == language


@pytest.mark.parametrize(
    "path",
    ["README.md", "package.json", "ci.yaml", "ci.yml", "pyproject.toml", "notes.txt", "docs/index.rst",
     "pom.xml", "data.csv", "db/schema.sql", "api/service.proto", "Pipfile"],
)  # fmt: skip
def test_data_and_prose_are_not_named(path: str) -> None:
    assert language_of(path) is None


@pytest.mark.parametrize("path", ["LICENSE", ".gitignore", "logo.png", "test/golden.expected", "dir/"])
def test_unknown_files_are_not_named(path: str) -> None:
    assert language_of(path) is None


@pytest.mark.parametrize("path", ["lib/config.inc", "force-app/Account.cls", "cgi-bin/app.fcgi"])
def test_a_suffix_only_content_could_settle_is_not_named(path: str) -> None:
    assert language_of(path) is None


def test_suffixes_compare_without_case() -> None:
    assert [language_of("SETUP.PY"), language_of("Io.H")] == ["Python", "C"]


def test_a_two_part_suffix_comes_before_the_last_one() -> None:
    assert (language_of("cmake/config.cmake.in"), language_of("config.in")) == ("CMake", None)


def test_a_whole_name_comes_before_its_suffix() -> None:
    assert (language_of("CMakeLists.txt"), language_of("Lists.txt")) == ("CMake", None)


def test_whole_names_may_carry_a_wildcard() -> None:
    assert (language_of("Makefile.am"), language_of(".bash_profile")) == ("Makefile", "Shell")


@pytest.mark.parametrize("path", ["BUILD.bazel", "WORKSPACE", "MODULE.bazel", "BUCK"])
def test_bazel_and_buck_files_are_starlark_as_on_github(path: str) -> None:
    assert language_of(path) == "Starlark"


def test_pygments_fills_suffixes_linguist_lacks() -> None:
    assert not any(".jy" in facts["extensions"] for facts in computer_languages.values())
    assert language_of("scripts/tool.jy") == "Python"


def test_pygments_names_become_linguists() -> None:
    # Pygments calls these Bash and Docker.
    assert (language_of(".bashrc"), language_of("Dockerfile")) == ("Shell", "Dockerfile")


def test_every_name_is_a_linguist_language_githubs_bar_counts() -> None:
    suffixes = {extension for facts in computer_languages.values() for extension in facts["extensions"]}
    pygments_patterns = {pattern for lexer in LEXERS.values() for pattern in lexer[3]}
    names = {language_of("x" + suffix) for suffix in suffixes} | {language_of(p) for p in pygments_patterns}
    names.discard(None)
    assert names and all(computer_languages[name]["type"] in ("programming", "markup") for name in names)


def test_chosen_and_named_languages_are_linguists() -> None:
    chosen = {language for language in languages.CHOSEN.values() if language}
    assert chosen | set(languages.NAMES.values()) <= set(computer_languages)


def test_each_distinct_suffix_is_decided_once() -> None:
    languages._language_of_suffix.cache_clear()
    for path in ["a.py", "pkg/b.py", "pkg/C.PY", "d.rs"]:
        language_of(path)
    assert languages._language_of_suffix.cache_info().misses == 2


def test_no_lexer_module_is_imported() -> None:
    code = (
        "import sys\n"
        "from summarizer.languages import language_of\n"
        "for path in ('a.py', 'b.h', 'c.m', 'Makefile', 'x.jy', 'y.unknown', '.bashrc'):\n"
        "    language_of(path)\n"
        "print(sorted(m for m in sys.modules if m.startswith('pygments.lexers.')))\n"
    )
    imported = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert imported.strip() == "['pygments.lexers._mapping']"
