import AssocCLI

AssocCLI.main()
