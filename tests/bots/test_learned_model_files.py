"""A folder of learned models (``POKERLAB_LEARNED_MODELS`` or ``model_dir``) that cannot be
used is one line naming the folder or the file, exit 2, before the first hand (issue 40: a
corrupt file gave a traceback inside a shipped bot during a match)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerlab.agents.modelling.learned_models import NetworkModel, load_model_folder
from pokerlab.agents.registry import create_bot
from pokerlab.cli.main import app
from pokerlab.errors import UserError


def _match(tmp_path, monkeypatch, folder, bot: str = "loki2-sim-network"):
    monkeypatch.setenv("POKERLAB_LEARNED_MODELS", str(folder))
    db = tmp_path / "m.sqlite"
    result = CliRunner().invoke(app, ["match", bot, "raiser", "--hands", "2", "--db", str(db),
                                      "--no-progress"], env={"COLUMNS": "300"})
    assert not db.exists()
    return result


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not JSON (Expecting property name enclosed in double quotes"),
    (json.dumps({"kind": "network", "b1": [0.0]}), "its network model has no 'w1'"),
    (json.dumps({"kind": "strength-network", "w1": [[1.0]], "b1": [0.0], "w2": [[0, 0, 0]], "b2": [0, 0, 0]}),
     "w1 must be 21 x hidden, not (1, 1)"),
    (json.dumps({"kind": "forest"}), "unknown model kind 'forest'"),
])
def test_a_damaged_model_file_is_one_line_naming_it(tmp_path, monkeypatch, content: str, words: str) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "raiser.json").write_text(json.dumps({"player": "raiser", **NetworkModel().to_dict()}))
    (folder / "other.json").write_text(content)
    result = _match(tmp_path, monkeypatch, folder)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: learned model {folder / 'other.json'}: ")
    assert words in lines[0]


def test_a_file_or_a_missing_folder_where_a_folder_is_expected(tmp_path, monkeypatch) -> None:
    model = tmp_path / "raiser.json"
    model.write_text(json.dumps(NetworkModel().to_dict()))
    result = _match(tmp_path, monkeypatch, model, "loki2-strength")
    assert result.exit_code == 2
    assert result.output.strip() == (f"error: POKERLAB_LEARNED_MODELS {model}: a file, not a folder of "
                                     "learned models (one PLAYER.json per opponent)")
    result = _match(tmp_path, monkeypatch, tmp_path / "nowhere")
    assert result.exit_code == 2
    assert result.output.strip() == (f"error: POKERLAB_LEARNED_MODELS {tmp_path / 'nowhere'}: no such folder "
                                     "of learned models")
    with pytest.raises(UserError, match=r"^model_dir .*: a file, not a folder"):
        create_bot("loki2-sim-tree", store_path="", model_dir=str(model))


def test_bots_that_read_no_model_ignore_the_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("POKERLAB_LEARNED_MODELS", str(tmp_path / "nowhere"))
    assert create_bot("loki2-triple", store_path="").learned == {}
    folder = tmp_path / "models"
    folder.mkdir()
    net = NetworkModel()
    (folder / "raiser.json").write_text(json.dumps({"player": "raiser", **net.to_dict()}))
    assert load_model_folder(folder, "model_dir") == {"raiser": {"player": "raiser", **net.to_dict()}}
