-- guidec's language server (`guidec lsp`) for Neovim's built-in client.
--
-- `require("guidec").start(bufnr)` attaches the buffer to the server of its project (the
-- folder holding .git, else the file's folder), starting the server once per project. Set
-- `vim.g.guidec_command` to use another executable (default {"guidec", "lsp"}) and
-- `vim.g.guidec_lint = false` to leave out lint's layout findings.
local M = {}

local function root_of(path)
  local folder = vim.fn.fnamemodify(path, ":p:h")
  -- `.git` is a folder in a clone and a file in a worktree or submodule: the nearer one wins.
  local as_folder = vim.fn.finddir(".git", folder .. ";")
  local as_file = vim.fn.findfile(".git", folder .. ";")
  local roots = {}
  if as_folder ~= "" then table.insert(roots, vim.fn.fnamemodify(as_folder, ":p:h:h")) end
  if as_file ~= "" then table.insert(roots, vim.fn.fnamemodify(as_file, ":p:h")) end
  table.sort(roots, function(a, b) return #a > #b end)
  return roots[1] or folder
end

function M.config(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local root = root_of(path)
  return {
    name = "guidec",
    cmd = vim.g.guidec_command or { "guidec", "lsp" },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = { lint = vim.g.guidec_lint ~= false },
  }
end

-- The command of a guide's code lens (`guidec.preview`, arguments the document's URI and the
-- guide's name), which the client runs: `guidec preview FILE --guide NAME` into a contact sheet
-- in a temporary folder, opened with `vim.ui.open` (Neovim 0.10) or `xdg-open`/`open`. The
-- preview reads the file, so a modified buffer is written first. Run lenses with
-- `:lua vim.lsp.codelens.run()` after `vim.lsp.codelens.refresh()`.
function M.preview(command, ctx)
  local uri, guide = command.arguments[1], command.arguments[2]
  local file = vim.uri_to_fname(uri)
  local buffer = vim.uri_to_bufnr(uri)
  if vim.api.nvim_buf_is_loaded(buffer) and vim.bo[buffer].modified then
    vim.api.nvim_buf_call(buffer, function() vim.cmd("silent write") end)
  end
  local executable = (vim.g.guidec_command or { "guidec" })[1]
  local sheet = vim.fn.tempname() .. "-" .. guide:gsub("[^%w_-]", "_") .. ".html"
  local args = { executable, "preview", file, "--guide", guide, "-o", sheet }
  local client = ctx and vim.lsp.get_client_by_id(ctx.client_id)
  if client and client.config.root_dir then vim.list_extend(args, { "--import-root", client.config.root_dir }) end
  vim.fn.jobstart(args, {
    on_exit = function()
      -- A sheet is written even when lint's errors are drawn on it (status 1).
      if vim.fn.filereadable(sheet) == 0 then
        vim.notify("guidec preview wrote no sheet for " .. guide, vim.log.levels.ERROR)
      elseif vim.ui.open then
        vim.ui.open(sheet)
      else
        vim.fn.jobstart({ vim.fn.has("mac") == 1 and "open" or "xdg-open", sheet }, { detach = true })
      end
    end,
  })
end
vim.lsp.commands["guidec.preview"] = M.preview

-- The multi-line string or block comment the character at (line, column), 1-based, is in, if any.
local function text_at(lnum, col)
  for _, id in ipairs(vim.fn.synstack(lnum, col)) do
    local name = vim.fn.synIDattr(id, "name")
    if name == "guideMultilineString" or name == "guideBlockComment" then return name end
  end
  return nil
end

-- Whether a line starts inside a multi-line string or block comment opened on a line above: its
-- indentation is kept (a string's is part of its text, the closing quotes' sets what is removed).
local function continues_text(lnum)
  local line = vim.fn.getline(lnum)
  local first = line:find("%S")
  local above = vim.fn.prevnonblank(lnum - 1)
  if not first or above == 0 then return false end
  local name = text_at(lnum, first)
  if name == nil or (name == "guideBlockComment" and line:sub(first, first + 1) == "/*") then return false end
  return text_at(above, math.max(#vim.fn.getline(above), 1)) == name
end

-- The brackets a line leaves open, `{` and `(` less `}` and `)`, outside strings and comments;
-- closing ones at its start are not counted, since they outdented the line itself.
local function opened(line)
  local depth, leading, i = 0, true, 1
  while i <= #line do
    local c, two = line:sub(i, i), line:sub(i, i + 1)
    if two == "//" or line:sub(i, i + 2) == '"""' then break
    elseif two == "/*" then
      local close = line:find("*/", i + 2, true)
      if not close then break end
      i = close + 1
    elseif c == '"' then
      i = i + 1
      while i <= #line and line:sub(i, i) ~= '"' do i = i + (line:sub(i, i) == "\\" and 2 or 1) end
    elseif c == "{" or c == "(" then depth = depth + 1
    elseif c == "}" or c == ")" then
      if not leading then depth = depth - 1 end
    end
    if not c:match("[%s})]") then leading = false end
    i = i + 1
  end
  return depth
end

-- The 'indentexpr' of .guide buffers (ftplugin/guide.lua): one 'shiftwidth' more after a line
-- that leaves a `{` or `(` open, one less on a line that starts with `}` or `)`, as guidec fmt
-- indents; lines in a multi-line string or a block comment keep theirs (-1).
function M.indent(lnum)
  lnum = lnum or vim.v.lnum
  local line = vim.fn.getline(lnum)
  if continues_text(lnum) then return -1 end
  local previous = vim.fn.prevnonblank(lnum - 1)
  -- The lines of a multi-line string or comment belong to the line that opened it.
  while previous > 0 and continues_text(previous) do previous = vim.fn.prevnonblank(previous - 1) end
  if previous == 0 then return 0 end
  local width = vim.fn.shiftwidth()
  local indent = vim.fn.indent(previous)
  if opened(vim.fn.getline(previous)) > 0 then indent = indent + width end
  if line:match("^%s*[})]") then indent = indent - width end
  return math.max(indent, 0)
end

-- Clients started by Neovim before 0.8, by project root (vim.lsp.start reuses clients itself).
local started = {}

function M.start(bufnr)
  local config = M.config(bufnr)
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = started[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    started[config.root_dir] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

return M
