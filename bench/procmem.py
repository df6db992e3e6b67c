"""Memory of a running process from ``/proc/PID/status`` (issue 23): resident memory split into
anonymous memory (``RssAnon``: the heap, what the app itself allocated) and file-backed pages
(``RssFile``: the mapped db.json, the binary and its libraries), and the kernel's peak (``VmHWM``).

``Peaks`` keeps the largest of each over the samples the harness takes while it reads the app's
output (at most one per ``SAMPLE_INTERVAL``). ``reset_peak`` restarts the kernel's ``VmHWM`` at
the current RSS (``echo 5 > /proc/PID/clear_refs``), so a step (Search, an export) gets its own
peak. Python 3 standard library only.
"""

SAMPLE_INTERVAL = 0.02     # seconds between samples while output arrives
FIELDS = ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")


def parse_status(text):
    """{field: bytes} for the FIELDS found in the text of /proc/PID/status (`RssAnon:  1234 kB`)."""
    found = {}
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name in FIELDS:
            parts = rest.split()
            if parts and parts[0].isdigit():
                found[name] = int(parts[0]) * (1024 if parts[1:] == ["kB"] else 1)
    return found


def read_status(pid):
    """parse_status of the process `pid` now; {} when it has gone (or /proc is not there)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return parse_status(status.read())
    except OSError:
        return {}


def reset_peak(pid):
    """Restarts the kernel's peak RSS (VmHWM) of `pid` at its current RSS; False where that is not
    allowed (then VmHWM stays the peak since start, and only the samples are per step)."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False


class Peaks:
    """The largest value of each FIELDS entry over the samples taken; restartable per step."""

    def __init__(self):
        self.peak = {}       # since the last restart
        self.overall = {}    # since the start, across restarts

    def add(self, status):
        """Takes one parsed status into the peaks."""
        for peaks in (self.peak, self.overall):
            for name, value in status.items():
                if value > peaks.get(name, -1):
                    peaks[name] = value

    def peak_rss(self):
        """The largest RSS seen since the start (VmHWM and VmRSS samples, across restarts), bytes; None
        before any sample. Unlike ru_maxrss of a forked child, this is the app's own: Linux carries the
        forking parent's RSS into the child's ru_maxrss at execve (the harness's Python, 5 GB after
        reading a big JSON file, made every saved figure 5255 MiB)."""
        return max(self.overall.get("VmHWM", 0), self.overall.get("VmRSS", 0)) or None

    def sample(self, pid):
        """Reads `pid`'s status now and takes it into the peaks; returns it ({} when gone)."""
        status = read_status(pid)
        self.add(status)
        return status

    def restart(self, pid):
        """Forgets the peaks and restarts the kernel's VmHWM (see ``reset_peak``), then samples once."""
        self.peak = {}
        reset_peak(pid)
        return self.sample(pid)

    def snapshot(self, pid):
        """{peak_rss_bytes, rss_anon_bytes, rss_file_bytes}: the kernel's peak since the last
        restart (or the largest sample, where it is unknown) and the sampled peaks of RssAnon and RssFile."""
        self.sample(pid)
        return {"peak_rss_bytes": max(self.peak.get("VmHWM", 0), self.peak.get("VmRSS", 0)) or None,
                "rss_anon_bytes": self.peak.get("RssAnon"), "rss_file_bytes": self.peak.get("RssFile")}
