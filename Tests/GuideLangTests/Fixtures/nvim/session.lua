-- A Neovim session against `guidec lsp`, run by NeovimTests:
--   nvim --headless --clean -u session.lua
-- with GUIDEC_NVIM_PLUGIN (editors/nvim), GUIDEC_BINARY, GUIDEC_FILE (the copy of
-- Examples/intro.guide to open), GUIDEC_REPORT (where the JSON report goes) and GUIDEC_PART
-- ("editing": diagnostics and formatting; "navigation": definition, references, hover and
-- rename; "syntax": the syntax file's groups and the ftplugin's indentation) in the environment. It uses editors/nvim as a user would (ftdetect, ftplugin, the
-- lua module) and the built-in client's own requests; every answer goes into the report, and
-- the test decides. Positions are 0-based, as in the protocol.
local plugin = os.getenv("GUIDEC_NVIM_PLUGIN")
local report_path = os.getenv("GUIDEC_REPORT")
local part = os.getenv("GUIDEC_PART") or "editing"
local report = { nvim = tostring(vim.version().major) .. "." .. tostring(vim.version().minor), part = part }

local function finish()
  local file = io.open(report_path, "w")
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.cmd("qall!")
end

local function clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = bufnr }) end
  local list = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do table.insert(list, client) end
  return list
end

local function request(bufnr, method, params)
  local answers, failure = vim.lsp.buf_request_sync(bufnr, method, params, 20000)
  if not answers then return nil, failure or "timed out" end
  for _, answer in pairs(answers) do
    if answer.err then return nil, answer.err.message end
    return answer.result
  end
  return nil, "no answer"
end

local function text_of(contents)
  if type(contents) == "string" then return contents end
  if contents == nil or contents == vim.NIL then return "" end
  if contents.value then return contents.value end
  local parts = {}
  for _, item in ipairs(contents) do table.insert(parts, text_of(item)) end
  return table.concat(parts, "\n")
end

local function locations(result)
  if result == nil or result == vim.NIL then return {} end
  if result.uri or result.targetUri then result = { result } end
  local list = {}
  for _, item in ipairs(result) do
    local range = item.targetSelectionRange or item.range
    table.insert(list, { uri = item.targetUri or item.uri, line = range.start.line, character = range.start.character })
  end
  return list
end

local function run()
  vim.opt.runtimepath:prepend(plugin)
  vim.g.guidec_command = { os.getenv("GUIDEC_BINARY"), "lsp" }
  vim.g.guidec_lint = false
  vim.cmd("filetype plugin on")
  vim.cmd("syntax on")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("GUIDEC_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo.filetype
  report.attached = vim.wait(20000, function() return #clients(bufnr) > 0 end, 50)
  if not report.attached then return end
  local client = clients(bufnr)[1]
  report.server = client.name
  local uri = vim.uri_from_bufnr(bufnr)
  local encoding = client.offset_encoding or "utf-16"

  if part == "editing" then
    report.diagnosed = vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
    report.diagnostics = {}
    for _, item in ipairs(vim.diagnostic.get(bufnr)) do
      local code = item.code or (item.user_data and item.user_data.lsp and item.user_data.lsp.code)
      table.insert(report.diagnostics, { code = code, line = item.lnum, column = item.col, source = item.source, severity = item.severity })
    end
    local edits, failure = request(bufnr, "textDocument/formatting",
      { textDocument = { uri = uri }, options = { tabSize = 2, insertSpaces = true } })
    report.formattingError = failure
    report.formattingEdits = edits and #edits or 0
    if edits and edits ~= vim.NIL then vim.lsp.util.apply_text_edits(edits, bufnr, encoding) end
    report.formatted = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n") .. "\n"
  elseif part == "syntax" then
    -- The syntax group at each word's start, then the buffer indented by `gg=G` (the ftplugin's indentexpr).
    report.words = {}
    for l, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
      local col = 1
      while true do
        local first, last = line:find("[%w_]+", col)
        if not first then break end
        table.insert(report.words, { line = l, column = first, word = line:sub(first, last), group = vim.fn.synIDattr(vim.fn.synID(l, first, 1), "name") })
        col = last + 1
      end
    end
    report.indentexpr = vim.bo[bufnr].indentexpr
    vim.cmd("normal! gg=G")
    report.indented = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n") .. "\n"
  else
    -- `style: walkthrough` (line 21 of intro.guide) names the style in shared/styles.guide.
    local definition, definitionError = request(bufnr, "textDocument/definition",
      { textDocument = { uri = uri }, position = { line = 20, character = 12 } })
    report.definition = locations(definition)
    report.definitionError = definitionError
    -- `highlight: balance` (line 91) names the target declared on line 60.
    local references, referencesError = request(bufnr, "textDocument/references",
      { textDocument = { uri = uri }, position = { line = 90, character = 18 }, context = { includeDeclaration = true } })
    report.references = locations(references)
    report.referencesError = referencesError
    -- The property `placement` (line 92).
    local hover, hoverError = request(bufnr, "textDocument/hover",
      { textDocument = { uri = uri }, position = { line = 91, character = 8 } })
    report.hover = hover and hover ~= vim.NIL and text_of(hover.contents) or ""
    report.hoverError = hoverError
    -- Renames the target `balance` (line 60) to `balance-card`; the step `balance` keeps its name.
    -- A target's name is its IR id, part of the app's contract, so the new name ends in `!` to
    -- accept that (docs/editor-and-ci.md); the edits write it without the `!`.
    local edit, renameError = request(bufnr, "textDocument/rename",
      { textDocument = { uri = uri }, position = { line = 59, character = 12 }, newName = "balance-card!" })
    report.renameError = renameError
    if edit and edit ~= vim.NIL then vim.lsp.util.apply_workspace_edit(edit, encoding) end
    report.renamedLines = vim.api.nvim_buf_get_lines(bufnr, 59, 91, false)
  end
  vim.lsp.stop_client(client.id)
  report.stopped = vim.wait(10000, function() return client.is_stopped() end, 50)
end

local ok, failure = pcall(run)
if not ok then report.failure = tostring(failure) end
finish()
