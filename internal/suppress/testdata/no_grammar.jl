# Julia has no tree-sitter grammar here: comments come from the lexer.
function BadName()  # iflint:ignore[naming_convention] kept for callers
    s = "# iflint:ignore[naming_convention] in a string"
    return s
end

#= iflint:ignore[indentation_spacing] block comment =#
  x = 1
