import FoundationEssentials
import Glibc
import Matrix

// Composition root: the real backends, the real terminal streams, the process's arguments.

// Everything tteok writes (sessions, caches, the outbox, keys, saved files) is its user's alone:
// owner-only by default, before any file is made. The embedded community file sets its own
// shared mode (0660, `StoreFile`) explicitly.
umask(0o077)
MallocArenas.limitToOne()
// A Matrix start's transport (libcurl and about thirty libraries, 3–6 ms) starts loading now, on
// another thread: its first request waits for it, and the parsing and set-up before the service
// is made took 1.5 ms more.
if GlobalOptions.nameHomeserver(CommandLine.arguments) { MatrixService.loadTransportAhead() }
let tool = CommandLineTool(factory: LiveBackendFactory())
// Made here, on the main thread before anything suspends: a cold Matrix start's window is then
// with libcurl before its load is done, and leaves the moment it is (`CommandLineTool.prepare`).
let prepared = tool.prepare(Array(CommandLine.arguments.dropFirst()))
let code = await tool.run(prepared)
// A short run (a usage error, `--version`) can end while libcurl still loads: exiting then crashed.
MatrixService.finishLoadingTransport()
exit(code.rawValue)
