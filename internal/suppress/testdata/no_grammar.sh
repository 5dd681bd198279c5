#!/bin/sh
# iflint:ignore-file[indentation_spacing] vendored script
echo "# iflint:ignore[naming_convention] not a comment"
