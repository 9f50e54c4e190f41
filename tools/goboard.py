"""A minimal Go board for the analysis tools: replays a record's GTP vertices and says what
one move did (captured, put stones in atari, put its own string in atari, or none of these).
No ko or suicide rules: the records it replays were played by a referee that checked them."""

from searchlog import COLUMNS


def _point(vertex, size):
    return COLUMNS.index(vertex[0].upper()), size - int(vertex[1:])


def _neighbours(p, size):
    x, y = p
    for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def _string(board, p, size):
    """The string through p and its liberties."""
    colour, stones, libs, todo = board[p], {p}, set(), [p]
    while todo:
        for q in _neighbours(todo.pop(), size):
            if q not in board:
                libs.add(q)
            elif board[q] == colour and q not in stones:
                stones.add(q)
                todo.append(q)
    return stones, libs


def _play(board, p, colour, size):
    """Plays p and returns its kind: `capture`, `atari`, `self-atari` or `quiet`."""
    board[p] = colour
    captured = atari = 0
    for q in _neighbours(p, size):
        if board.get(q) not in (None, colour):
            stones, libs = _string(board, q, size)
            if not libs:
                captured += len(stones)
                for s in stones:
                    del board[s]
    for q in _neighbours(p, size):
        if board.get(q) not in (None, colour) and len(_string(board, q, size)[1]) == 1:
            atari += 1
    if captured:
        return "capture"
    if len(_string(board, p, size)[1]) == 1:
        return "self-atari"
    return "atari" if atari else "quiet"


def move_kinds(record, size):
    """The kind of each move of `record` (GTP vertices, Black first), `pass` for passes."""
    board, kinds = {}, []
    for i, vertex in enumerate(record):
        if vertex == "pass":
            kinds.append("pass")
        else:
            kinds.append(_play(board, _point(vertex, size), "BW"[i % 2], size))
    return kinds
