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
