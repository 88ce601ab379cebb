"""Everything tests share, one module per layer: engine (rigged games), table (reading a table's
channel), network (loopback hosts and joined players), privacy (the check on every message),
ui (Pilot apps on rigged tables), terminal and journey (the real app in a pseudo-terminal)."""
