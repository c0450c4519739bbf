import Foundation

// Composition root: the real backends, the real terminal streams, the process's arguments.
let tool = CommandLineTool(factory: LiveBackendFactory())
let code = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
