from text2db.cli import main

main()
