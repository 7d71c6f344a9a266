"""The rules page's examples are real: its walk through a turn runs as written."""

from __future__ import annotations

import doctest
import re
from importlib import resources

from cardrules import mala_suerte


class TestRulesPage:
    """RULES.md (the docs page and ``cardrules rules mala_suerte``) shows what the engine does."""

    def test_the_walk_through_a_turn_runs(self) -> None:
        text = resources.files("cardrules.mala_suerte").joinpath("RULES.md").read_text(encoding="utf-8")
        examples = "\n".join(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b)
        parser = doctest.DocTestParser()
        test = parser.get_doctest(examples, {"mala_suerte": mala_suerte}, "RULES.md", "RULES.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.attempted > 10 and result.failed == 0

    def test_every_ruling_cited_in_the_code_is_on_the_page(self) -> None:
        package = resources.files("cardrules.mala_suerte")
        text = package.joinpath("RULES.md").read_text(encoding="utf-8")
        listed = {int(n) for n in re.findall(r"^(\d+)\. \*\*", text, re.M)}
        assert listed == set(range(1, len(listed) + 1))
        cited: set[int] = set()
        for entry in package.iterdir():
            if entry.name.endswith(".py"):
                cited.update(
                    int(n) for n in re.findall(r"[Rr]uling (\d+)", entry.read_text(encoding="utf-8"))
                )
        assert cited <= listed
