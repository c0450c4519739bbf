import FoundationEssentials
import Glibc

// Composition root: the real backends, the real terminal streams, the process's arguments.

// Everything tteok writes (sessions, caches, the outbox, keys, saved files) is its user's alone:
// owner-only by default, before any file is made. The embedded community file sets its own
// shared mode (0660, `StoreFile`) explicitly.
umask(0o077)
MallocArenas.limitToOne()
let tool = CommandLineTool(factory: LiveBackendFactory())
let code = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
