"""A loopback OpenML server: what openml-python 0.15 asks www.openml.org, answered locally.

The tests (and the OpenML notebook, in CI and when its outputs are refreshed) talk to OpenML
through openml-python, on its real code path, against this server; nothing reaches the internet.
It answers the XML API v1 (``<url>/api/v1/xml/...``) as openml.org does, for what costlab uses:

- data sets: ``data/{id}`` (the description, with the ARFF's URL and MD5), ``data/features/{id}``,
  ``data/qualities/{id}``, ``data/list/data_name/{name}/...`` and the ARFF file itself;
- tasks: ``task/{id}`` (supervised classification, cross-validation, its split file's URL and an
  optional ``cost_matrix`` input, which real tasks carry as ``<oml:input name="cost_matrix">``
  with a JSON list of rows, usually empty) and the split ARFF (``type, rowid, repeat, fold``);
- suites: ``study/{id or alias}`` (main entity type ``task``);
- runs and flows: ``run/{id}``, ``run/list/...``, ``flow/{id}``, ``flow/exists`` (POST), and
  uploads of flows (POST ``flow``) and runs (POST ``run``, description and predictions), which
  need an API key as on openml.org; a run's predictions file.

An unknown id answers with OpenML's error document (HTTP 412, ``oml:error`` with the code
openml-python expects, as OpenML's own error table gives them: 111 data set, 151 task, 236 run,
181 flow, 601 study; 372/512 for an empty list). Bodies are gzip-compressed, as openml.org sends
them. Data come from costlab Datasets (the mirror's), written as ARFF with liac-arff; folds are
stratified with a fixed seed.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import html
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import arff
import numpy as np
import pandas as pd
import xmltodict
from sklearn.model_selection import StratifiedKFold

_NS = 'xmlns:oml="http://openml.org/openml"'
_DATE = "2026-01-01T00:00:00"

#: OpenML's error codes for an unknown entity, by the API's path word.
_UNKNOWN = {
    "data": (111, "Unknown dataset"),
    "task": (151, "Unknown task"),
    "run": (236, "Unknown run"),
    "flow": (181, "Unknown flow"),
    "study": (601, "Unknown study"),
}


def _xml(tag, body):
    return f"<oml:{tag} {_NS}>{body}</oml:{tag}>".encode()


def _e(tag, value):
    return f"<oml:{tag}>{html.escape(str(value))}</oml:{tag}>"


def dataset_arff(data, name):
    """An ARFF file of a costlab Dataset: nominal columns in their category order, the class
    last with ``[negative, positive]`` (OpenML's declared order for credit-g: good, bad)."""
    frame = pd.concat([data.X, data.y.rename("class")], axis=1)
    attributes = []
    for column in frame.columns:
        dtype = frame[column].dtype
        kind = (
            [str(c) for c in dtype.categories] if isinstance(dtype, pd.CategoricalDtype) else "REAL"
        )
        attributes.append((str(column), kind))
    rows = frame.astype(object).where(frame.notna(), None).to_numpy().tolist()
    rows = [[str(v) if isinstance(v, str) else v for v in row] for row in rows]
    return arff.dumps({"relation": name, "attributes": attributes, "data": rows}).encode()


class OpenMLTestServer:
    """The server: build it with ``add_*``, point openml-python at :attr:`url`, ``close()``."""

    def __init__(self):
        self.datasets, self.tasks, self.suites = {}, {}, {}
        self.flows, self.runs, self.files = {}, {}, {}
        self.requests = []
        self.broken = set()  # file ids served with bytes other than their MD5's
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()

    @property
    def base(self):
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    @property
    def url(self):
        """The value for ``openml.config.server`` (and ``COSTLAB_OPENML_SERVER``)."""
        return self.base + "/api/v1/xml"

    def close(self):
        self._httpd.shutdown()
        self._httpd.server_close()

    # ------------------------------------------------------------------ builders

    def _file(self, body):
        with self._lock:
            file_id = len(self.files) + 1
            self.files[file_id] = body
        return file_id

    def add_dataset(self, data_id, data, *, name, version=1, arff_bytes=None, target="class"):
        """Publish a costlab Dataset (or ready ARFF bytes) as data set ``data_id``."""
        body = arff_bytes if arff_bytes is not None else dataset_arff(data, name)
        decoded = arff.loads(body.decode())
        self.datasets[int(data_id)] = {
            "name": name,
            "version": version,
            "target": target,
            "file_id": self._file(body),
            "attributes": decoded["attributes"],
            "data": decoded["data"],
        }
        return int(data_id)

    def add_task(self, task_id, data_id, *, n_folds=10, n_repeats=1, seed=0, cost_matrix=None):
        """A supervised classification task with stratified ``n_repeats x n_folds`` splits."""
        ds = self.datasets[int(data_id)]
        names = [a for a, _ in ds["attributes"]]
        y = np.array([row[names.index(ds["target"])] for row in ds["data"]], dtype=object)
        lines = [
            "@RELATION openml_task_splits",
            "@ATTRIBUTE type {TRAIN,TEST}",
            "@ATTRIBUTE rowid NUMERIC",
            "@ATTRIBUTE repeat NUMERIC",
            "@ATTRIBUTE fold NUMERIC",
            "@DATA",
        ]
        for r in range(n_repeats):
            folds = StratifiedKFold(n_folds, shuffle=True, random_state=seed + r)
            for k, (train, test) in enumerate(folds.split(np.zeros(len(y)), y.astype(str))):
                lines += [f"TRAIN,{i},{r},{k}" for i in train]
                lines += [f"TEST,{i},{r},{k}" for i in test]
        self.tasks[int(task_id)] = {
            "data_id": int(data_id),
            "n_folds": n_folds,
            "n_repeats": n_repeats,
            "split_file": self._file(("\n".join(lines) + "\n").encode()),
            "cost_matrix": cost_matrix,
        }
        return int(task_id)

    def add_suite(self, suite_id, alias, task_ids):
        self.suites[int(suite_id)] = {"alias": alias, "tasks": [int(t) for t in task_ids]}
        return int(suite_id)

    def add_flow(self, name, *, xml_dict=None):
        """A flow (``xml_dict``: an uploaded one's parsed description); returns its id."""
        with self._lock:
            flow_id = len(self.flows) + 1
            if xml_dict is None:
                xml_dict = {
                    "oml:flow": {
                        "@xmlns:oml": "http://openml.org/openml",
                        "oml:name": name,
                        "oml:external_version": "1",
                        "oml:description": name,
                        "oml:language": "English",
                        "oml:dependencies": "none",
                    }
                }
            self.flows[flow_id] = {"name": name, "xml": _stamp(xml_dict, flow_id)}
        return flow_id

    def add_run(self, task_id, flow_name, predictions, *, uploader="costlab tests"):
        """A run of ``task_id`` whose predictions file is ``predictions`` (a DataFrame with
        ``repeat, fold, row_id, prediction, correct, confidence.<class>...``); returns its id."""
        flow_id = next((i for i, f in self.flows.items() if f["name"] == flow_name), None)
        flow_id = flow_id or self.add_flow(flow_name)
        attributes = []
        for column in predictions.columns:
            if column in ("prediction", "correct"):
                attributes.append((column, sorted(map(str, predictions[column].unique()))))
            else:
                attributes.append((column, "NUMERIC"))
        rows = predictions.astype(object).to_numpy().tolist()
        body = arff.dumps({"relation": "predictions", "attributes": attributes, "data": rows})
        return self._store_run(task_id, flow_id, body.encode(), uploader=uploader)

    def _store_run(
        self, task_id, flow_id, predictions, *, uploader, setup_string="", description=b"<oml:run/>"
    ):
        with self._lock:
            run_id = len(self.runs) + 1
        self.runs[run_id] = {
            "task_id": int(task_id),
            "flow_id": int(flow_id),
            "file_id": self._file(predictions),
            "description_file": self._file(description),
            "uploader": uploader,
            "setup_string": setup_string,
        }
        return run_id

    # ------------------------------------------------------------------ answers

    def answer(self, method, path, form):
        """``(status, body)`` of a request; path relative to the server's root."""
        self.requests.append(f"{method} {path}")
        if path.startswith("data/v1/download/"):
            file_id = int(path.split("/")[3])
            if file_id not in self.files:
                return 404, b"no such file"
            body = self.files[file_id]
            return 200, (body + b"% altered\n") if file_id in self.broken else body
        if not path.startswith("api/v1/xml/"):
            return 404, b"not an API path"
        parts = [p for p in path[len("api/v1/xml/") :].split("/") if p]
        if method == "POST":
            return self._post(parts, form)
        return self._get(parts)

    def _error(self, code, message, status=412):
        return status, _xml("error", _e("code", code) + _e("message", message))

    def _unknown(self, word):
        return self._error(*_UNKNOWN[word])

    def _get(self, parts):  # noqa: C901, PLR0911 - one branch per API call
        word, rest = parts[0], parts[1:]
        if word == "data" and rest[:1] == ["list"]:
            return self._data_list(_filters(rest[1:]))
        if word == "data" and rest[:1] in (["features"], ["qualities"]):
            data_id = int(rest[1])
            if data_id not in self.datasets:
                return self._unknown("data")
            return 200, (self._features if rest[0] == "features" else self._qualities)(data_id)
        if word == "data":
            data_id = int(rest[0])
            return (
                (200, self._description(data_id))
                if data_id in self.datasets
                else self._unknown("data")
            )
        if word == "task":
            task_id = int(rest[0])
            return (200, self._task(task_id)) if task_id in self.tasks else self._unknown("task")
        if word == "study":
            suite = self._suite(rest[0])
            return (200, suite) if suite is not None else self._unknown("study")
        if word == "run" and rest[:1] == ["list"]:
            return self._run_list(_filters(rest[1:]))
        if word == "run":
            run_id = int(rest[0])
            return (200, self._run(run_id)) if run_id in self.runs else self._unknown("run")
        if word == "flow":
            flow_id = int(rest[0])
            if flow_id not in self.flows:
                return self._unknown("flow")
            return 200, xmltodict.unparse(self.flows[flow_id]["xml"]).encode()
        return 404, b"unknown API call"

    def _post(self, parts, form):
        if not form.get("api_key"):
            return self._error(102, "Authentication failed - The API key was not valid", 412)
        if parts == ["flow", "exists"]:
            found = next(
                (
                    i
                    for i, f in self.flows.items()
                    if f["name"] == form.get("name")
                    and f["xml"]["oml:flow"].get("oml:external_version")
                    == form.get("external_version")
                ),
                -1,
            )
            return 200, _xml("flow_exists", _e("exists", str(found > 0).lower()) + _e("id", found))
        if parts == ["flow"]:
            parsed = xmltodict.parse(form["description"])
            flow_id = self.add_flow(parsed["oml:flow"]["oml:name"], xml_dict=parsed)
            return 200, _xml("upload_flow", _e("id", flow_id))
        if parts == ["run"]:
            described = xmltodict.parse(form["description"])["oml:run"]
            run_id = self._store_run(
                described["oml:task_id"],
                described["oml:flow_id"],
                form["predictions"].encode()
                if isinstance(form["predictions"], str)
                else form["predictions"],
                uploader="costlab tests",
                setup_string=described.get("oml:setup_string") or "",
                description=form["description"].encode(),
            )
            return 200, _xml("upload_run", _e("run_id", run_id))
        return 404, b"unknown API call"

    def _download(self, file_id, name):
        return f"{self.base}/data/v1/download/{file_id}/{name}"

    def _description(self, data_id):
        ds = self.datasets[data_id]
        body = self.files[ds["file_id"]]
        fields = [
            ("id", data_id),
            ("name", ds["name"]),
            ("version", ds["version"]),
            ("description", f"{ds['name']} (local stand-in of OpenML)"),
            ("format", "ARFF"),
            ("upload_date", _DATE),
            ("licence", "Public"),
            ("url", self._download(ds["file_id"], f"{ds['name']}.arff")),
            ("file_id", ds["file_id"]),
            ("default_target_attribute", ds["target"]),
            ("visibility", "public"),
            ("status", "active"),
            ("md5_checksum", hashlib.md5(body).hexdigest()),  # noqa: S324 - OpenML's checksum
        ]
        return _xml("data_set_description", "".join(_e(k, v) for k, v in fields))

    def _features(self, data_id):
        ds, out = self.datasets[data_id], []
        for index, (name, kind) in enumerate(ds["attributes"]):
            nominal = isinstance(kind, list)
            values = [row[index] for row in ds["data"]]
            feature = _e("index", index) + _e("name", name)
            feature += _e("data_type", "nominal" if nominal else "numeric")
            feature += "".join(_e("nominal_value", v) for v in kind) if nominal else ""
            feature += _e("is_target", str(name == ds["target"]).lower())
            feature += _e("is_ignore", "false") + _e("is_row_identifier", "false")
            feature += _e("number_of_missing_values", sum(v is None for v in values))
            out.append(f"<oml:feature>{feature}</oml:feature>")
        return _xml("data_features", "".join(out))

    def _qualities(self, data_id):
        ds = self.datasets[data_id]
        qualities = {
            "NumberOfInstances": len(ds["data"]),
            "NumberOfFeatures": len(ds["attributes"]),
        }
        body = "".join(
            f"<oml:quality>{_e('name', k)}{_e('value', v)}</oml:quality>"
            for k, v in qualities.items()
        )
        return _xml("data_qualities", body)

    def _data_list(self, filters):
        found = [
            (i, ds)
            for i, ds in sorted(self.datasets.items())
            if filters.get("data_name") in (None, ds["name"])
            and filters.get("data_version") in (None, str(ds["version"]))
        ]
        found = _page(found, filters)
        if not found:
            return self._error(372, "No results")
        body = "".join(
            "<oml:dataset>"
            + _e("did", i)
            + _e("name", ds["name"])
            + _e("version", ds["version"])
            + _e("status", "active")
            + _e("format", "ARFF")
            + "</oml:dataset>"
            for i, ds in found
        )
        return 200, _xml("data", body)

    def _task(self, task_id):
        task = self.tasks[task_id]
        ds = self.datasets[task["data_id"]]
        source = (
            f'<oml:input name="source_data"><oml:data_set>{_e("data_set_id", task["data_id"])}'
            f"{_e('target_feature', ds['target'])}</oml:data_set></oml:input>"
        )
        params = {
            "number_repeats": task["n_repeats"],
            "number_folds": task["n_folds"],
            "percentage": "",
            "stratified_sampling": "true",
        }
        procedure = (
            '<oml:input name="estimation_procedure"><oml:estimation_procedure>'
            + _e("id", 1)
            + _e("type", "crossvalidation")
            + _e("data_splits_url", self._download(task["split_file"], "datasplits.arff"))
            + "".join(f'<oml:parameter name="{k}">{v}</oml:parameter>' for k, v in params.items())
            + "</oml:estimation_procedure></oml:input>"
        )
        cost = ""
        if task["cost_matrix"] is not None:
            cost = (
                '<oml:input name="cost_matrix">'
                f"{_e('cost_matrix', task['cost_matrix'])}</oml:input>"
            )
        measures = (
            '<oml:input name="evaluation_measures"><oml:evaluation_measures>'
            "<oml:evaluation_measure>predictive_accuracy</oml:evaluation_measure>"
            "</oml:evaluation_measures></oml:input>"
        )
        head = (
            _e("task_id", task_id)
            + _e("task_name", f"Task {task_id}: {ds['name']}")
            + _e("task_type_id", 1)
            + _e("task_type", "Supervised Classification")
        )
        return _xml("task", head + source + procedure + cost + measures)

    def _suite(self, key):
        suite_id = next((i for i, s in self.suites.items() if key in (str(i), s["alias"])), None)
        if suite_id is None:
            return None
        suite = self.suites[suite_id]
        data_ids = [self.tasks[t]["data_id"] for t in suite["tasks"] if t in self.tasks]
        body = (
            _e("id", suite_id)
            + _e("alias", suite["alias"])
            + _e("main_entity_type", "task")
            + _e("name", f"{suite['alias']} (local stand-in)")
            + _e("description", "A local stand-in of an OpenML suite, for tests.")
            + _e("status", "active")
            + _e("creation_date", _DATE)
            + _e("creator", 1)
            + "<oml:data>"
            + "".join(_e("data_id", d) for d in data_ids)
            + "</oml:data>"
            + "<oml:tasks>"
            + "".join(_e("task_id", t) for t in suite["tasks"])
            + "</oml:tasks>"
        )
        return _xml("study", body)

    def _run(self, run_id):
        run = self.runs[run_id]
        task = self.tasks[run["task_id"]]
        flow = self.flows[run["flow_id"]]
        body = (
            _e("run_id", run_id)
            + _e("uploader", 1)
            + _e("uploader_name", run["uploader"])
            + _e("task_id", run["task_id"])
            + _e("task_type", "Supervised Classification")
            + _e("flow_id", run["flow_id"])
            + _e("flow_name", flow["name"])
            + _e("setup_id", run["flow_id"])
            + _e("setup_string", run["setup_string"])
            + "<oml:input_data><oml:dataset>"
            + _e("did", task["data_id"])
            + _e("name", self.datasets[task["data_id"]]["name"])
            + "</oml:dataset></oml:input_data>"
            + "<oml:output_data><oml:file>"
            + _e("did", -1)
            + _e("file_id", run["description_file"])
            + _e("name", "description")
            + _e("url", self._download(run["description_file"], "description.xml"))
            + "</oml:file><oml:file>"
            + _e("did", -1)
            + _e("file_id", run["file_id"])
            + _e("name", "predictions")
            + _e("url", self._download(run["file_id"], "predictions.arff"))
            + "</oml:file></oml:output_data>"
        )
        return _xml("run", body)

    def _run_list(self, filters):
        tasks = {int(t) for t in filters["task"].split(",")} if "task" in filters else None
        found = [
            (i, r) for i, r in sorted(self.runs.items()) if tasks is None or r["task_id"] in tasks
        ]
        found = _page(found, filters)
        if not found:
            return self._error(512, "No results")
        body = "".join(
            "<oml:run>"
            + _e("run_id", i)
            + _e("task_id", r["task_id"])
            + _e("setup_id", r["flow_id"])
            + _e("flow_id", r["flow_id"])
            + _e("uploader", 1)
            + _e("task_type_id", 1)
            + _e("upload_time", "2026-01-01 00:00:00")
            + "<oml:error_message></oml:error_message></oml:run>"
            for i, r in found
        )
        return 200, _xml("runs", body)


def _page(found, filters):
    """The part of a list call's results its ``offset`` and ``limit`` filters ask for."""
    offset = int(filters.get("offset", 0))
    return found[offset : offset + int(filters.get("limit", 10**9))]


def _filters(words):
    """A list call's ``key/value/key/value`` path words as a dict."""
    return {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}


def _stamp(xml_dict, flow_id):
    """The fields a server adds to an uploaded flow (and to each of its components)."""
    flow = xml_dict["oml:flow"]
    flow["oml:id"] = str(flow_id)
    flow.setdefault("oml:uploader", "1")
    flow.setdefault("oml:version", "1")
    flow.setdefault("oml:upload_date", _DATE)
    components = flow.get("oml:component") or []
    for component in components if isinstance(components, list) else [components]:
        _stamp(component, flow_id)
    return xml_dict


def _handler(server):
    class Handler(BaseHTTPRequestHandler):
        def _send(self, status, body):
            packed = gzip.compress(body)
            self.send_response(status)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(packed)))
            self.end_headers()
            self.wfile.write(packed)

        def _path(self):
            split = urllib.parse.urlsplit(self.path)
            return urllib.parse.unquote(split.path).lstrip("/"), split.query

        def do_GET(self):  # noqa: N802 - http.server API
            path, query = self._path()
            form = dict(urllib.parse.parse_qsl(query))
            self._send(*server.answer("GET", path, form))

        def do_POST(self):  # noqa: N802 - http.server API
            path, _ = self._path()
            length = int(self.headers.get("Content-Length", 0))
            form = _form(self.headers.get("Content-Type", ""), self.rfile.read(length))
            self._send(*server.answer("POST", path, form))

        def log_message(self, *args):
            pass

    return Handler


def _form(content_type, body):
    """The fields of a POST body (urlencoded or multipart), text values decoded."""
    if content_type.startswith("multipart/form-data"):
        from email.parser import BytesParser
        from email.policy import HTTP

        message = BytesParser(policy=HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode() + body
        )
        form = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            form[name] = payload.decode("utf-8")
        return form
    return dict(urllib.parse.parse_qsl(body.decode()))


# ---------------------------------------------------------------------- the ready-made stand-in

#: The thesis's data sets under their OpenML ids and names, and their 10-fold CV tasks' ids.
STAND_IN = (
    # (costlab registry name, OpenML data id, OpenML name, OpenML task id)
    ("german_credit", 31, "credit-g", 31),
    ("credit_approval", 29, "credit-approval", 29),
    ("pima", 37, "diabetes", 37),
    ("spectf", 337, "SPECTF", 337),
)
#: The local stand-in of a suite (OpenML-CC18 is suite 99 on openml.org).
SUITE = (99, "OpenML-CC18")
#: A 3-class data set and task, for "not binary" errors.
MULTICLASS = (61, "three-classes", 59)


def three_classes(n=150, seed=0):
    """A small 3-class Dataset-like frame as ARFF bytes (for the multiclass refusals)."""
    rng = np.random.default_rng(seed)
    y = np.repeat(["a", "b", "c"], n // 3)
    x = rng.normal(size=(len(y), 2)) + np.repeat(np.arange(3), n // 3)[:, None]
    rows = [[float(a), float(b), c] for (a, b), c in zip(x, y, strict=True)]
    attributes = [("x1", "REAL"), ("x2", "REAL"), ("class", ["a", "b", "c"])]
    return arff.dumps(
        {"relation": "three-classes", "attributes": attributes, "data": rows}
    ).encode()


def start_openml_test_server(mirror=None, *, cost_matrices=None):
    """The stand-in: the thesis's data sets from the mirror under their OpenML ids, their
    10-fold tasks, a suite of them and a 3-class task; ``cost_matrices``: task id -> raw text."""
    from costlab.datasets import load_dataset

    server = OpenMLTestServer()
    cost_matrices = cost_matrices or {}
    for registry, data_id, name, task_id in STAND_IN:
        data = load_dataset(registry, mirror=mirror)
        server.add_dataset(data_id, data, name=name)
        server.add_task(task_id, data_id, seed=task_id, cost_matrix=cost_matrices.get(task_id))
    data_id, name, task_id = MULTICLASS
    server.add_dataset(data_id, None, name=name, arff_bytes=three_classes())
    server.add_task(task_id, data_id, seed=0)
    server.add_suite(SUITE[0], SUITE[1], [t for *_, t in STAND_IN] + [task_id])
    return server


@contextlib.contextmanager
def openml_configured(server, cache_dir):
    """openml-python pointed at ``server`` (cache, API key, one attempt, ARFF not Parquet),
    restored after."""
    import os

    import openml

    config = openml.config
    saved = (
        config.server,
        config._root_cache_directory,
        config.apikey,
        config.connection_n_retries,
        os.environ.get("OPENML_SKIP_PARQUET"),
    )
    config.server = server.url
    config.set_root_cache_directory(cache_dir)
    config.apikey = "costlab-tests"
    config.connection_n_retries = 1
    os.environ["OPENML_SKIP_PARQUET"] = "true"
    try:
        yield server
    finally:
        config.server, config.apikey, config.connection_n_retries = saved[0], saved[2], saved[3]
        config.set_root_cache_directory(saved[1])
        if saved[4] is None:
            os.environ.pop("OPENML_SKIP_PARQUET", None)
        else:
            os.environ["OPENML_SKIP_PARQUET"] = saved[4]


def stand_in_models(task):
    """The models whose runs the stand-in publishes on a task: scikit-learn estimators whose
    OpenML flows openml-python can write (explicit column lists, no column selectors)."""
    from sklearn.compose import make_column_transformer
    from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, StandardScaler
    from sklearn.tree import DecisionTreeClassifier

    nominal = task.dataset.nominal_columns

    def onehot():
        return make_column_transformer(
            (OneHotEncoder(handle_unknown="ignore"), nominal), remainder=StandardScaler()
        )

    def ordinal():
        return make_column_transformer((OrdinalEncoder(), nominal), remainder="passthrough")

    return [
        make_pipeline(onehot(), LogisticRegression(max_iter=1000)),
        make_pipeline(ordinal(), GaussianNB()),
        make_pipeline(onehot(), KNeighborsClassifier(n_neighbors=15)),
        make_pipeline(ordinal(), DecisionTreeClassifier(min_samples_leaf=10, random_state=0)),
        make_pipeline(ordinal(), RandomForestClassifier(n_estimators=100, random_state=0)),
        HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=0),
    ]


def publish_stand_in_runs(task_id=31):
    """Publish runs of :func:`stand_in_models` on ``task_id`` through costlab (cross-validated
    on the task's folds, exported and published as OpenML runs), then one run made by
    openml-python's own ``run_model_on_task`` (which, on credit-g, publishes confidences
    attached to the wrong classes: openml-python issue 1131). The server and cache are those
    costlab is configured with (``COSTLAB_OPENML_SERVER``, ``COSTLAB_DATA_HOME``); returns the
    run ids."""
    import openml
    from sklearn.compose import make_column_transformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from costlab.datasets import load_task
    from costlab.datasets._openml_session import openml_session
    from costlab.evaluation import cross_val_proba, export_run

    task = load_task(task_id)
    ids = []
    for model in stand_in_models(task):
        result = cross_val_proba(task, model, cache=False, progress=False)
        ids.append(export_run(result, task, model, publish=True, apikey="stand-in").run_id)
    numeric = make_column_transformer((StandardScaler(), task.dataset.numeric_columns))
    model = make_pipeline(numeric, LogisticRegression(max_iter=1000))
    with openml_session():
        oml_task = openml.tasks.get_task(task_id, download_splits=True)
        run = openml.runs.run_model_on_task(model, oml_task, avoid_duplicate_runs=False)
        saved, openml.config.apikey = openml.config.apikey, "stand-in"
        try:
            run.publish()
        finally:
            openml.config.apikey = saved
    return [*ids, run.run_id]
