#!/bin/sh
# How often moyo's `final_status_list dead` agrees with GNU Go's on finished games: for every
# SGF record in DIR that ended by two passes (not by resignation, time or forfeit), both
# engines load the final position and list the dead stones; the lists must be equal as sets.
# Prints a line per disagreement, then `games N`, `agree N`, `agree_percent P`.
#
# Usage: tools/status-agreement.sh DIR [moyo arguments...]
# Environment: MOYO, GNUGO override the programs.
set -eu
DIR=$1
shift
MOYO=${MOYO:-target/release/moyo}
GNUGO=${GNUGO:-/usr/games/gnugo}
# The dead stones from a GTP transcript on stdin, one vertex per line, sorted.
dead() {
    awk '/^=/ { n++ } n == 2 { sub(/^= ?/, ""); print }' | tr ' ' '\n' | grep -v '^$' |
        tr '[:lower:]' '[:upper:]' | sort
}
games=0
agree=0
for f in "$DIR"/game-*.sgf; do
    [ -e "$f" ] || continue
    if grep -q 'RE\[[BW]+[RTF]' "$f" || ! grep -q 'RE\[' "$f"; then
        continue
    fi
    script="loadsgf $f\nfinal_status_list dead\nquit\n"
    m=$(printf '%b' "$script" | "$MOYO" --quiet --threads 1 "$@" 2>/dev/null | dead | tr '\n' ' ')
    g=$(printf '%b' "$script" | "$GNUGO" --mode gtp --chinese-rules 2>/dev/null | dead | tr '\n' ' ')
    games=$((games + 1))
    if [ "$m" = "$g" ]; then
        agree=$((agree + 1))
    else
        echo "differ $f moyo [$m] gnugo [$g]"
    fi
done
echo "games $games"
echo "agree $agree"
awk "BEGIN { printf \"agree_percent %.1f\\n\", $games ? 100 * $agree / $games : 0 }"
