import CLibGit2
