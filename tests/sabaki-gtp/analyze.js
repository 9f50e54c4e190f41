// Drives moyo with @sabaki/gtp, the GTP library Sabaki is built on, the way Sabaki v0.60
// does (version 3.0.0, the newest on npm): start-up questions, board sync, analysis mode (the first listed of analyze,
// kata-analyze, lz-analyze, `<colour> <interval>`), stopping a stream with the library's abort
// (a raw empty line) or with the next command, and genmove_analyze as a player. Every
// analysis line is read with Sabaki's rules (`readAnalysis` below; the commands and their
// formats: docs/gtp-extensions.md, "Analysis").
//
// Usage: node analyze.js <path to moyo>. Prints one summary line per step; exits 0 when all
// checks pass, 1 with the reason otherwise. Run by tests/sabaki_client.rs.

'use strict'

const {Controller} = require('@sabaki/gtp')

const VERTEX = /^[A-Za-z]\d+$/
const MOVE = /^(pass|[A-Za-z]\d+)$/

function check(condition, message) {
  if (!condition) throw new Error(message)
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// One analysis line read with Sabaki's rules: segments start at `info`; `pv` is the last key
// and only moves follow it, the variation cut at the first pass; a segment whose move is not
// a vertex is left out; the win rate is a float for kata-* and an integer in ten-thousandths
// otherwise (v0.60 decides by the command name, v0.52 by the decimal point: both must agree).
function readAnalysis(line, commandName) {
  const floats = commandName.startsWith('kata-')
  const variations = []
  for (const segment of line.split(/\s*info\s+/).slice(1)) {
    const tokens = segment.trim().split(/\s+/)
    const pvAt = tokens.indexOf('pv')
    check(pvAt >= 0 && pvAt % 2 === 0, `no pv, or a key without value: ${segment}`)
    const fields = {}
    for (let i = 0; i < pvAt; i += 2) fields[tokens[i]] = tokens[i + 1]
    let pv = tokens.slice(pvAt + 1)
    check(pv.length > 0 && pv.every(t => MOVE.test(t)), `pv is not last: ${segment}`)
    const passAt = pv.indexOf('pass')
    if (passAt >= 0) pv = pv.slice(0, passAt)
    if (!VERTEX.test(fields.move || '')) continue
    const raw = fields.winrate
    check(raw != null && fields.visits != null, `winrate and visits needed: ${segment}`)
    const byName = floats ? +raw * 100 : +raw / 100
    const byPoint = raw.includes('.') ? +raw * 100 : +raw / 100
    check(byName === byPoint, `winrate ${raw} reads differently in Sabaki 0.52 and 0.60`)
    check(byName >= 0 && byName <= 100, `winrate ${raw} is not a percentage`)
    check(Number.isInteger(+fields.visits), `visits ${fields.visits}`)
    variations.push({move: fields.move, visits: +fields.visits, winrate: byName, pv})
  }
  return variations
}

// Sends a streaming command, lets it run `ms`, then stops it with `stop()`; returns the
// analyses received, the response and how long the stream took to end after the stop.
async function stream(controller, command, ms, stop) {
  const analyses = []
  const response = controller.sendCommand(command, ({line}) => {
    if (line.startsWith('info ')) analyses.push(readAnalysis(line, command.name))
  })
  await sleep(ms)
  const stopped = Date.now()
  const after = stop()
  const r = await response
  const took = Date.now() - stopped
  check(!r.error, `${command.name} failed: ${r.content}`)
  return {analyses, response: r, took, after: await after}
}

async function main() {
  const moyo = process.argv[2]
  check(moyo, 'usage: node analyze.js <moyo>')
  const controller = new Controller(moyo, [
    '--threads', '1', '--playouts', '300', '--seed', '1', '--quiet',
  ])
  controller.start()
  const send = async (name, ...args) => {
    const r = await controller.sendCommand({name, args})
    check(!r.error, `${name} ${args.join(' ')} failed: ${r.content}`)
    return r.content
  }

  // Start-up, then Sabaki's choice of commands.
  check((await send('name')) === 'moyo', 'name')
  await send('version')
  check((await send('protocol_version')) === '2', 'protocol_version')
  const list = (await send('list_commands')).split('\n')
  const analyze = ['analyze', 'kata-analyze', 'lz-analyze'].find(c => list.includes(c))
  const genmove = ['genmove_analyze', 'kata-genmove_analyze', 'lz-genmove_analyze'].find(c =>
    list.includes(c)
  )
  check(analyze === 'analyze' && genmove === 'genmove_analyze', 'analysis commands listed')
  for (const [name, ...args] of [
    ['komi', '6.5'], ['boardsize', '9'], ['clear_board'], ['play', 'B', 'E5'], ['play', 'W', 'C3'],
  ]) await send(name, ...args)

  // Analysis mode, stopped by the library's abort: a raw empty line (sendAbort in
  // @sabaki/gtp 3.2, not yet published on npm: written to the engine's input directly).
  const interval = '10'
  const abort = () =>
    controller.sendAbort ? controller.sendAbort() : controller.process.stdin.write('\n')
  const a = await stream(controller, {name: analyze, args: ['B', interval]}, 800, abort)
  check(a.analyses.length >= 2, `${a.analyses.length} updates in 0.8 s`)
  check(a.analyses.every(v => v.length > 0), 'an update without moves')
  check(a.took < 1500, `the stream took ${a.took} ms to end`)
  console.log(`${analyze}: ${a.analyses.length} updates, best ${a.analyses.at(-1)[0].move}, ended ${a.took} ms after the abort`)

  // kata-analyze, stopped by the next command, which is then answered (Sabaki's own abort is
  // protocol_version).
  const k = await stream(controller, {name: 'kata-analyze', args: ['W', interval]}, 600, () =>
    controller.sendCommand({name: 'protocol_version'})
  )
  check(k.analyses.length >= 2 && k.took < 1500, `kata-analyze: ${k.analyses.length}, ${k.took} ms`)
  check(k.after.content === '2' && !k.after.error, 'the command after the stream')
  console.log(`kata-analyze: ${k.analyses.length} updates, ended ${k.took} ms after protocol_version`)

  // lz-analyze with an id, stopped by a move; the game goes on from it.
  const l = await stream(controller, {id: 7, name: 'lz-analyze', args: ['B', interval]}, 400, () =>
    controller.sendCommand({name: 'play', args: ['B', 'G5']})
  )
  check(l.response.id === 7, `id ${l.response.id}`)
  check(!l.after.error, 'play after the stream')
  console.log(`lz-analyze: ${l.analyses.length} updates, id echoed`)

  // The engine as a player: genmove_analyze W <interval>, analysis then `play <move>`.
  const lines = []
  const g = await controller.sendCommand({name: genmove, args: ['W', interval]}, ({line}) => {
    lines.push(line)
  })
  check(!g.error, `${genmove} failed`)
  const body = g.content.split('\n')
  const last = body.at(-1).toLowerCase()
  check(/^play (pass|resign|[a-z]\d+)$/.test(last), `no play line: ${last}`)
  const analyses = body.filter(x => x.startsWith('info ')).map(x => readAnalysis(x, genmove))
  check(analyses.length >= 1, 'no analysis before play')
  const move = last.slice(5)
  if (VERTEX.test(move)) {
    const again = await controller.sendCommand({name: 'play', args: ['B', move]})
    check(again.error, `the move ${move} was not played`)
  }
  console.log(`${genmove}: ${analyses.length} updates, ${last}`)

  await controller.stop()
}

const watchdog = setTimeout(() => {
  console.error('timed out')
  process.exit(1)
}, 60000)

main().then(
  () => {
    clearTimeout(watchdog)
    process.exit(0)
  },
  err => {
    console.error(err.stack || String(err))
    process.exit(1)
  }
)
