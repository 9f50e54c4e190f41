// Reads a record written by `moyo review` with @sabaki/sgf, the SGF library of Sabaki, and
// prints what tests/review.rs checks, as tests/sgfmill/review.py does (points as SGF
// letters): every move of the main line, whether it has a comment, its move annotation and
// the first moves of the variations beside it.
const fs = require('fs')
const sgf = require('@sabaki/sgf')

const [root] = sgf.parse(fs.readFileSync(process.argv[2], 'utf8'))
const first = (data, id) => (data[id] ? data[id][0] : '-')
console.log('root', first(root.data, 'PB'), first(root.data, 'PW'), first(root.data, 'RE'))
const moveText = node =>
  node.data.B ? `B${node.data.B[0]}` : node.data.W ? `W${node.data.W[0]}` : null
let node = root
let number = 0
while (node.children.length > 0) {
  const parent = node
  node = node.children[0]
  const move = moveText(node)
  if (!move) continue
  number += 1
  const others = parent.children.slice(1).map(moveText).filter(m => m)
  const comment = node.data.C && node.data.C[0] ? 1 : 0
  console.log(['move', number, move, comment, first(node.data, 'BM'), ...others].join(' '))
}
