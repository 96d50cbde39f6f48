from pokerlab.cli.main import main

main()
