"""axe-core in the page: the copy of axe.min.js that the axe-playwright-python package ships
(installed without its dependencies by with-browser.sh), injected through Selenium and run on
the page's own chrome: every element but the colour samples ([data-sample])."""
import importlib.util
import pathlib


def axe_script():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("axe.py: axe-playwright-python is not installed (with-browser.sh installs it)")
    return (pathlib.Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()


RUN = """
const done = arguments[arguments.length - 1];
axe.run({exclude: [['[data-sample]']]}, {runOnly: {type: 'rule', values: arguments[0]},
  resultTypes: ['violations']})
  .then(r => done({version: axe.version, violations: r.violations.map(v => ({id: v.id,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).slice(0, 5)}))}))
  .catch(e => done({error: String(e)}));
"""


def run_axe(driver, rules=("color-contrast", "aria-allowed-role")):
    """Violations of `rules` on the page as it is now: a list of (rule, [node summaries])."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_script())
    driver.set_script_timeout(120)
    result = driver.execute_async_script(RUN, list(rules))
    if "error" in result:
        raise RuntimeError("axe failed: " + result["error"])
    return result["version"], [(v["id"], v["nodes"]) for v in result["violations"]]
